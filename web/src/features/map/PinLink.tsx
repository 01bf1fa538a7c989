import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/**
 * A link to a spot: a client-side router link inside the app, a plain anchor where no
 * router is around (the benchmark harness), plain text for a pin without `href`.
 */
export function PinLink({
  href,
  className,
  children,
}: {
  href?: string;
  className?: string;
  children: ReactNode;
}) {
  const inRouter = useInRouterContext();
  if (!href) return <span className={className}>{children}</span>;
  return inRouter ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
