import type { DynamicModule, Type } from '@nestjs/common';
import {
  createApp,
  initApp,
  type AppSettings,
  type NestFastifyApplication,
} from '../bootstrap/bootstrap';
import type { BaseConfig } from '../config/env';

/**
 * A service's module as its tests run it: in this process, configured as the service is (the body
 * limit from its config, the other settings as its main gives them), silent, and initialised for
 * requests without listening.
 */
export async function initTestApp(
  module: Type | DynamicModule,
  config: Pick<BaseConfig, 'BODY_LIMIT'>,
  settings: Omit<AppSettings, 'bodyLimit'> = {},
): Promise<NestFastifyApplication> {
  const app = await createApp(module, { bodyLimit: config.BODY_LIMIT, ...settings });
  app.useLogger(false);
  return initApp(app);
}
