/**
 * The broker's reason as a trader should read it: what the broker said, without the request
 * paths and addresses its messages sometimes carry ("use DELETE /api/v2/positions"), which
 * mean nothing to a trader and leak API detail into screenshots and support chats.
 */

const REQUEST = /\b(GET|POST|PUT|PATCH|DELETE)\s+\/[^\s),;]*/g;
const URL_TEXT = /\bhttps?:\/\/[^\s),;]+/g;
const API_PATH = /(^|[\s(])\/api\/[^\s),;]*/g;

/** Removes request paths and URLs, then the empty brackets and doubled spaces they leave. */
export function plainBrokerReason(text: string): string {
  return text
    .replace(REQUEST, '')
    .replace(URL_TEXT, 'the broker')
    .replace(API_PATH, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
