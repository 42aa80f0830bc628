import packageJson from '../../../../package.json' with { type: 'json' };

/** The app's version, from package.json (the one place it is set). */
export const APP_VERSION: string = packageJson.version;

/** What every request to the service carries as `User-Agent` (see docs of the API contract). */
export const DEFAULT_USER_AGENT = `warehouse-desk/${APP_VERSION}`;
