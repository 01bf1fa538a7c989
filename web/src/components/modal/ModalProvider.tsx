import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createModalRegistry, ModalRegistryContext, useModalRegistry } from './modal-registry.ts';

export function ModalProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(createModalRegistry);
  return <ModalRegistryContext.Provider value={registry}>{children}</ModalRegistryContext.Provider>;
}

/** Closes every open modal when the path changes; render once inside the router. */
export function CloseModalsOnRouteChange() {
  const registry = useModalRegistry();
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    registry?.closeAll();
  }, [pathname, registry]);
  return null;
}
