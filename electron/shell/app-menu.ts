import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. Electron's default menu binds Ctrl+R (reload, which would throw
 * away an order ticket the trader is typing), DevTools and zoom keys, and could shadow the
 * app's own shortcuts (F1, F2, Alt+1…6, Ctrl+K). So: on macOS only the standard app, edit
 * and window menus (copy and paste need them there); elsewhere no menu at all. Reload and
 * DevTools appear only in development.
 */
export function installAppMenu(opts: { isMac: boolean; isDev: boolean }): void {
  const dev: MenuItemConstructorOptions[] = opts.isDev
    ? [{ label: 'Develop', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }] }]
    : [];
  if (!opts.isMac) {
    Menu.setApplicationMenu(dev.length ? Menu.buildFromTemplate(dev) : null);
    return;
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      { role: 'appMenu' },
      { role: 'editMenu' },
      { role: 'windowMenu' },
      ...dev,
    ]),
  );
}
