import type { AccountView } from '../../../shared/ipc/channels/settings';

const TEMPLATES: Record<AccountView['template'], string> = {
  basic: 'Basic (profile and market data)',
  transactions: 'Transactions (view)',
  orders: 'Order placement',
};

/** The permission template in the broker dashboard's own words, so the trader can match them. */
export function templateLabel(t: AccountView['template']): string {
  return TEMPLATES[t];
}

/** The login method in plain words: PKCE needs no secret; a stored app secret switches to appIdHash. */
export function loginMethodLabel(m: AccountView['loginMethod']): string {
  return m === 'pkce' ? 'PKCE' : 'app secret';
}

/** Every permission template, in the order the broker dashboard lists them. */
export const TEMPLATE_OPTIONS = Object.keys(TEMPLATES) as AccountView['template'][];
