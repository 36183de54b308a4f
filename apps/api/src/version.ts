import packageJson from '../package.json';

/** The release version (apps/api/package.json), shown by /api/health and the OpenAPI document. */
export const APP_VERSION: string = packageJson.version;
