/**
 * Paths of the content, support and connection-test calls. Kept free of zod so the web
 * bundle can import them without the schema library.
 */

/** Where Dau serves the content API; a Storyblok client uses `${origin}${CONTENT_API_BASE}`. */
export const CONTENT_API_BASE = '/api/content/v2';
/** The spec's client reads single stories at `/stories/{story}` (doc 2 §7), served here. */
export const CONTENT_STORIES_ALIAS_BASE = '/api/stories';
/** The spec's client reads the content version at `/storyblok/v2/cdn/spaces/me/`, served here. */
export const CONTENT_SPACE_ALIAS_PATH = '/api/storyblok/v2/cdn/spaces/me/';
export const CONTENT_DATASOURCE_ENTRIES_PATH = `${CONTENT_API_BASE}/cdn/datasource_entries`;

/** `POST {core}/Support/GenerateSupportCallBackRequest` (spec doc 1 §3, §7). */
export const SUPPORT_CALL_BACK_PATH = '/api/core/Support/GenerateSupportCallBackRequest';
/** `POST {core}/customer/delete-account-request`: a signed-in user asks to close the account. */
export const DELETE_ACCOUNT_REQUEST_PATH = '/api/core/customer/delete-account-request';
/** Server side of the speed test (spec doc 2 §7, doc 1 §7). */
export const CONNECTION_TEST_BASE = '/api/connection-test';
export const CONNECTION_TEST_DEFAULT_DOWNLOAD_BYTES = 102_400;
