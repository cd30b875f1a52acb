import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/api-client';
import {
  ContentError,
  fetchStories,
  fetchStory,
  type BlockBase,
} from '../../../lib/content-client';

const CONTENT_STALE_MS = 5 * 60_000;

export function useStory<C extends BlockBase = BlockBase>(slug: string) {
  return useQuery({
    queryKey: ['content', 'story', slug, currentLanguage()],
    queryFn: () => fetchStory<C>(slug),
    staleTime: CONTENT_STALE_MS,
    retry: (count, error) => !(error instanceof ContentError && error.status === 404) && count < 1,
  });
}

export function useStories(startsWith: string) {
  return useQuery({
    queryKey: ['content', 'stories', startsWith, currentLanguage()],
    queryFn: () => fetchStories(startsWith),
    staleTime: CONTENT_STALE_MS,
  });
}
