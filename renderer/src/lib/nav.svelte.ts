/** The screens of the workspace, in the order of their Alt+number shortcuts. */
export const VIEWS = [
  { id: 'orders', label: 'Orders', key: '1' },
  { id: 'trades', label: 'Trades', key: '2' },
  { id: 'positions', label: 'Positions', key: '3' },
  { id: 'holdings', label: 'Holdings', key: '4' },
  { id: 'funds', label: 'Funds', key: '5' },
  { id: 'edis', label: 'eDIS', key: '6' },
  { id: 'settings', label: 'Settings', key: '7' },
  { id: 'chain', label: 'Option chain', key: '9' },
  { id: 'charts', label: 'Charts', key: '0' },
  { id: 'baskets', label: 'Baskets', key: 'B' },
  { id: 'watch', label: 'Watch', key: '8' },
  { id: 'market', label: 'Market', key: 'M' },
] as const;

/** One screen id; also the `returnTo` the session keeps across a re-login. */
export type ViewId = (typeof VIEWS)[number]['id'];

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

  go(view: ViewId): void {
    this.view = view;
  }
}

/** The app's one navigation state. */
export const nav = new NavStore();
