/**
 * The screens of the workspace, in the order of their Alt+number shortcuts. `account` marks
 * the screens that read the account (orders, positions, holdings, funds: the Transactions
 * Info template and up); the others work with every template, Basic included (market data
 * and the profile are Basic operations, spec Authentication 7).
 */
export const VIEWS = [
  { id: 'orders', label: 'Orders', key: '1', account: true },
  { id: 'trades', label: 'Trades', key: '2', account: true },
  { id: 'positions', label: 'Positions', key: '3', account: true },
  { id: 'holdings', label: 'Holdings', key: '4', account: true },
  { id: 'funds', label: 'Funds', key: '5', account: true },
  { id: 'edis', label: 'eDIS', key: '6', account: true },
  { id: 'settings', label: 'Settings', key: '7', account: false },
  { id: 'chain', label: 'Option chain', key: '9', account: false },
  { id: 'charts', label: 'Charts', key: '0', account: false },
  { id: 'baskets', label: 'Baskets', key: 'B', account: true },
  { id: 'watch', label: 'Watch', key: '8', account: false },
  { id: 'market', label: 'Market', key: 'M', account: false },
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
