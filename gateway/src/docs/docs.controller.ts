import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';
import { DocsService } from './docs.service';

@ApiExcludeController()
@Controller('api/docs')
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Get(':service.json')
  @Header('cache-control', 'no-cache')
  document(@Param('service') service: string): Promise<OpenAPIObject> {
    return this.docs.documentOf(service);
  }
}
