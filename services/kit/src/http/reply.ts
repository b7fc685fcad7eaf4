/**
 * What a handler may do to its answer through `@Res({ passthrough: true })`, on Express's
 * response and Fastify's reply alike: the status and headers; Nest still sends the body.
 */
export interface PassthroughReply {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}
