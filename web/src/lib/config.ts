export type AppConfig = AppConfigValues;

// Brand, subtitle, support address and external URLs come from build configuration, never from components.
export const appConfig: AppConfig = Object.freeze({ ...__APP_CONFIG__ });
