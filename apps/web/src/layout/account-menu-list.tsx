import { MENU_KINDS } from '@chaupal/contract/content-kinds';
import { useT } from '../app/i18n';
import type { Session } from '../app/session';
import { Link } from '../components/ui/link';
import { messages } from '../locales/en/shell.json?lingui';

/** SPEC §2 avatar menu, in its order; News and Outlets are offered on every screen size (docs/decisions/005). */
const DASHBOARD_LINKS = MENU_KINDS.map((k) => [k.dashboardPath, `menu.${k.name}`]);

/**
 * The avatar menu's items: the name, View Profile, the console (Admin for an admin, Desk for an editor), the
 * dashboards and Logout.
 */
export default function AccountMenuList({
  session,
  close,
  openProfile,
  logout,
}: {
  session: Session;
  close(): void;
  openProfile(): void;
  logout(): void;
}) {
  const t = useT(messages);
  return (
    <div className="menu-list" role="menu">
      <span className="muted small" style={{ padding: '6px 10px' }}>
        {session.user.name}
      </span>
      <button type="button" role="menuitem" onClick={openProfile}>
        {t('menu.viewProfile')}
      </button>
      {session.user.role !== 'customer' ? (
        <Link to="/admin" role="menuitem" onClick={close}>
          {t(`menu.${session.user.role}`)}
        </Link>
      ) : null}
      {DASHBOARD_LINKS.map(([to, label]) => (
        <Link key={to} to={to} role="menuitem" onClick={close}>
          {t(label)}
        </Link>
      ))}
      <button type="button" role="menuitem" onClick={logout}>
        {t('menu.logout')}
      </button>
    </div>
  );
}
