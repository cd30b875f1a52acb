import type { ComponentType } from 'react';

/**
 * Home blocks that belong to another feature (the casino's `casino_games`). Features never
 * import each other, so the app puts the block's loader here and home asks for it by the
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

/** Filled by the app at start-up: content component name → the block's loader. */
export const HOME_BLOCKS: Record<string, HomeBlockLoader> = {};

/** The block's module; a block nobody provided rejects (home then leaves the slot out). */
export function loadHomeBlock(component: string): ReturnType<HomeBlockLoader> {
  const load = HOME_BLOCKS[component];
  return load ? load() : Promise.reject(new Error(`No home block ${component}`));
}
