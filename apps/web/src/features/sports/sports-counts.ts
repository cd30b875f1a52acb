import type { SportListItem } from '@dau/contracts/sports/list-sports';

export interface EventPlace {
  sportId: number;
  categoryId: number;
  tournamentId: number;
}

/**
 * One event left the lists (spec doc 2 §4): its sport, category and tournament counts drop by
 * one, and an entry whose count reaches zero is removed.
 */
export function withoutEvent(sports: readonly SportListItem[], place: EventPlace): SportListItem[] {
  return sports.flatMap((sport) => {
    if (sport.id !== place.sportId) return [sport];
    if (sport.nrOfEvents <= 1) return [];
    const categories = sport.categories.flatMap((category) => {
      if (category.id !== place.categoryId) return [category];
      if (category.count <= 1) return [];
      const subCategories = category.subCategories.flatMap((sub) => {
        if (sub.id !== place.tournamentId) return [sub];
        return sub.nrOfEvents <= 1 ? [] : [{ ...sub, nrOfEvents: sub.nrOfEvents - 1 }];
      });
      return [{ ...category, count: category.count - 1, subCategories }];
    });
    return [{ ...sport, nrOfEvents: sport.nrOfEvents - 1, categories }];
  });
}
