/**
 * The broker's reason as a trader should read it: what the broker said, without the request
 * paths and addresses its messages sometimes carry ("use DELETE /api/v2/positions",
 * "authorize them through /api/dev/index"), which mean nothing to a trader and leak API
 * detail into screenshots and support chats.
 */

const REQUEST = /\b(GET|POST|PUT|PATCH|DELETE)\s+\/[^\s),;]*/g;
const URL_TEXT = /\bhttps?:\/\/[^\s),;]+/g;
const URL_PATH = /\b(https?:\/\/[^\s/),;?#]+)[^\s),;]*/g;
const API_PATH = /(^|[\s(])\/api\/[^\s),;]*/g;

function tidy(text: string): string {
  return text
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * Removes request paths (a URL keeps only its origin): the broker's own words for the
 * failure records a support reader can still place (which host redirected), with no API
 * path in them, since they reach the screens too.
 */
export function withoutApiPaths(text: string): string {
  return tidy(text.replace(REQUEST, '').replace(URL_PATH, '$1').replace(API_PATH, '$1'));
}

/** Removes request paths and URLs, then the empty brackets and doubled spaces they leave. */
export function plainBrokerReason(text: string): string {
  return tidy(withoutApiPaths(text).replace(URL_TEXT, 'the broker'));
}
