import { ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import type { ApiError } from '@probedge/proto';

/** The name every API document gives the error body. */
export const ERROR_SCHEMA_NAME = 'ErrorDto';

const PROPERTIES = {
  statusCode: {
    type: 'integer',
    description: 'The HTTP status of the answer, repeated in the body',
    example: 404,
  },
  error: {
    type: 'string',
    description: "The status's reason phrase",
    example: 'Not Found',
  },
  message: {
    type: 'string',
    description: 'What went wrong, in words a person can act on; never a stack trace',
    example: 'No guide with slug "position-sizing-basics"',
  },
  requestId: {
    type: 'string',
    description:
      'The id of the request, also sent as the X-Request-Id header: quote it when reporting a problem',
    example: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  },
} as const satisfies Record<keyof ApiError, SchemaObject>;

/**
 * The JSON body of every error a service or the gateway answers (the kit's HttpErrorFilter writes
 * it); each API document names it ErrorDto.
 */
export class ErrorDto implements ApiError {
  @ApiProperty(PROPERTIES.statusCode) statusCode!: number;
  @ApiProperty(PROPERTIES.error) error!: string;
  @ApiProperty(PROPERTIES.message) message!: string;
  @ApiPropertyOptional(PROPERTIES.requestId) requestId?: string;
}

/** ErrorDto as a schema object, for documents assembled without Nest (the gateway's). */
export const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'The JSON body of every error answer',
  required: ['statusCode', 'error', 'message'],
  properties: PROPERTIES,
};
