import { Link } from 'react-router';

/**
 * The product mark; links home. The app's shell passes the session's home (the dashboard, or the first screen
 * the user may open when it is not one); the sign-in pages link to '/'.
 */
export function Logo({ compact = false, to = '/' }: { compact?: boolean; to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Pipeline CRM home">
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M14 44h8V30h-8zm14 0h8V20h-8zm14 0h8V12h-8z" fill="#fff" />
      </svg>
      {!compact && (
        <span className="logo__text">
          Pipeline<span className="logo__accent">CRM</span>
        </span>
      )}
    </Link>
  );
}
