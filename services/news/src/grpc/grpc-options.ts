import type { GrpcOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import { protoFile } from '@probedge/kit';
import { NEWS_GRPC } from '@probedge/proto';

/** Server side of NewsService; clients load the same file with the same loader options. */
export function newsGrpcServerOptions(host: string, port: number): GrpcOptions {
  return {
    transport: Transport.GRPC,
    options: {
      package: NEWS_GRPC.package,
      protoPath: protoFile(NEWS_GRPC.file),
      url: `${host}:${port}`,
      loader: NEWS_GRPC.loader,
    },
  };
}
