/** Version of the web app, the same as the Python package (root package.json). */
export const APP_VERSION: string = __APP_VERSION__;

export const VERSION_LABEL = `v${APP_VERSION}`;
