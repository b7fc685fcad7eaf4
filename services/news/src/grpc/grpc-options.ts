import type { GrpcOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import { protoFile } from '@probedge/kit';

export const NEWS_PROTO_PACKAGE = 'probedge.news.v1';

/** Server side of NewsService; clients load the same file with the same loader options. */
export function newsGrpcServerOptions(host: string, port: number): GrpcOptions {
  return {
    transport: Transport.GRPC,
    options: {
      package: NEWS_PROTO_PACKAGE,
      protoPath: protoFile('news/v1/news.proto'),
      url: `${host}:${port}`,
      loader: { keepCase: false, longs: Number, defaults: true, arrays: true },
    },
  };
}
