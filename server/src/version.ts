/** The build's version; the web reloads itself when the one it stored differs (SPEC section 2). */
export const PROJECT_VERSION = process.env.SIGHTLINE_BUILD_ID ?? 'dev';
