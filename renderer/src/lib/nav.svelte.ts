/**
 * The screens of the workspace, in tab order (their keys live in the key map). `account` marks
 * the screens that read the account (orders, positions, holdings, funds: the Transactions
 * Info template and up); the others work with every template, Basic included (market data
 * and the profile are Basic operations, spec Authentication 7).
 */
export const VIEWS = [
  { id: 'orders', label: 'Orders', account: true },
  { id: 'trades', label: 'Trades', account: true },
  { id: 'positions', label: 'Positions', account: true },
  { id: 'holdings', label: 'Holdings', account: true },
  { id: 'funds', label: 'Funds', account: true },
  { id: 'edis', label: 'eDIS', account: true },
  { id: 'settings', label: 'Settings', account: false },
  { id: 'chain', label: 'Option chain', account: false },
  { id: 'charts', label: 'Charts', account: false },
  { id: 'baskets', label: 'Baskets', account: true },
  { id: 'watch', label: 'Watch', account: false },
  { id: 'market', label: 'Market', account: false },
  { id: 'alerts', label: 'Alerts', account: false },
  { id: 'strategy', label: 'Strategy', account: false },
  { id: 'reports', label: 'Reports', account: true },
  { id: 'gtt', label: 'GTT', account: true },
] as const;

/** One screen id; also the `returnTo` the session keeps across a re-login. */
export type ViewId = (typeof VIEWS)[number]['id'];

/** True when a screen needs more than the Basic template allows (see VIEWS). */
export function needsAccount(view: ViewId): boolean {
  return VIEWS.some((v) => v.id === view && v.account);
}

/** Narrows an opaque `returnTo` string (it round-trips through the main process) to a screen. */
export function isViewId(v: unknown): v is ViewId {
  return typeof v === 'string' && VIEWS.some((view) => view.id === v);
}

/**
 * Which screen the trader is on. Kept outside the components so that a re-login after
 * the 06:00 IST expiry can bring the trader back to exactly this screen.
 */
class NavStore {
  view = $state<ViewId>('orders');
  /**
   * An order the order book should show and focus once (a clicked alert), or null. A new
   * object per request, so clicking the same alert twice brings the row back twice.
   */
  orderTarget = $state<{ id: string } | null>(null);

  go(view: ViewId): void {
    this.view = view;
  }

  /** Opens the order book at this order (toast, browser or OS notification); the book alone without one. */
  openOrder(orderId: string | null): void {
    this.orderTarget = orderId ? { id: orderId } : null;
    this.view = 'orders';
  }
}

/** The app's one navigation state. */
export const nav = new NavStore();
