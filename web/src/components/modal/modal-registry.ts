import { createContext, useContext } from 'react';

/**
 * Every open modal registers its close function here, so the layout can close them all
 * when the route changes (spec §1: "Every route change ... closes any open modal").
 */
export interface ModalRegistry {
  register(close: () => void): () => void;
  closeAll(): void;
}

export function createModalRegistry(): ModalRegistry {
  const openModals = new Set<() => void>();
  return {
    register(close) {
      openModals.add(close);
      return () => {
        openModals.delete(close);
      };
    },
    closeAll() {
      for (const close of [...openModals]) close();
    },
  };
}

export const ModalRegistryContext = createContext<ModalRegistry | null>(null);

export function useModalRegistry(): ModalRegistry | null {
  return useContext(ModalRegistryContext);
}
