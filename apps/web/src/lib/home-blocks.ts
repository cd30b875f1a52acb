import type { ComponentType } from 'react';

/**
 * Home blocks that belong to another feature (the casino's `casino_games`). Features never
 * import each other, so the app provides the block's loader here and home asks for it by the
 * content's component name; the block's code stays in its own lazy chunk.
 */
export interface HomeBlockProps {
  title: string;
  limit: number;
  /** The content's category for the block (`popular`), when it names one. */
  category?: string;
  /** Where "See all" goes. */
  link: string;
}

export type HomeBlockLoader = () => Promise<{ default: ComponentType<HomeBlockProps> }>;

const loaders = new Map<string, HomeBlockLoader>();

export function provideHomeBlock(component: string, load: HomeBlockLoader): void {
  loaders.set(component, load);
}

/** The block's loader; a block nobody provided rejects, and home shows its fallback link. */
export function loadHomeBlock(component: string): ReturnType<HomeBlockLoader> {
  const load = loaders.get(component);
  return load ? load() : Promise.reject(new Error(`No home block ${component}`));
}
