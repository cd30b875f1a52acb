import { NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import { create } from 'zustand';

/** Notification types and how long each stays (spec doc 1 §9). */
export type NotificationType = keyof typeof NOTIFICATION_TIMEOUT_MS;

export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
  tone: 'info' | 'success' | 'error';
}

interface NotificationState {
  items: AppNotification[];
  notify: (n: Omit<AppNotification, 'id' | 'tone'> & { tone?: AppNotification['tone'] }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Any feature calls `notify`; the shell's notification area shows and expires them. */
export const useNotificationStore = create<NotificationState>()((set, get) => ({
  items: [],
  notify: ({ type, message, tone = 'info' }) => {
    const id = nextId++;
    set({ items: [...get().items, { id, type, message, tone }] });
    setTimeout(() => get().dismiss(id), NOTIFICATION_TIMEOUT_MS[type]);
    return id;
  },
  dismiss: (id) => set({ items: get().items.filter((n) => n.id !== id) }),
}));
