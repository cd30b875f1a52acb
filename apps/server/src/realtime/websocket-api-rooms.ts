import type { WebSocket } from 'ws';
import { wsRoomChannel, type WsServerFrame } from '@dau/contracts/websocket-api';
import type { TappedPush } from './push-tap';

/** Rooms a push may target that the websocket API carries: the channels' and the user's own. */
const CARRIED_ROOM = /^(user|session|event|sport|betslip|site):/;

export const isPrivateRoom = (room: string) =>
  room.startsWith('user:') || room.startsWith('session:');

/** Whether the websocket API carries a push: to everyone, or to a room it carries (decision 214). */
export function carriesPush(push: Pick<TappedPush, 'rooms'>): boolean {
  return push.rooms.length === 0 || push.rooms.some((room) => CARRIED_ROOM.test(room));
}

export interface WsMember {
  socket: WebSocket;
  initialized: boolean;
  /** Channel rooms and, when signed in, the user's and the session's rooms. */
  rooms: Set<string>;
}

/** The websocket API's connections by room, and the delivery of a tapped push to them. */
export class WsRoomIndex<C extends WsMember> {
  private readonly byRoom = new Map<string, Set<C>>();

  join(connection: C, room: string): void {
    connection.rooms.add(room);
    let members = this.byRoom.get(room);
    if (!members) this.byRoom.set(room, (members = new Set()));
    members.add(connection);
  }

  leave(connection: C, room: string): void {
    connection.rooms.delete(room);
    const members = this.byRoom.get(room);
    members?.delete(connection);
    if (members?.size === 0) this.byRoom.delete(room);
  }

  members(room: string): C[] {
    return [...(this.byRoom.get(room) ?? [])];
  }

  clear(): void {
    this.byRoom.clear();
  }

  /**
   * Sends a push once to each connection in any of its rooms, or to every initialized
   * connection when it targets none; `channel` says which subscription it came through.
   */
  deliver(push: TappedPush, all: Iterable<C>): void {
    const data = push.args.length <= 1 ? (push.args[0] ?? null) : push.args;
    const excluded = (c: C) => push.except.some((r) => c.rooms.has(r));
    const frame = (channel: string) =>
      JSON.stringify({ type: 'push', channel, event: push.target, data } satisfies WsServerFrame);
    if (push.rooms.length === 0) {
      const text = frame('all');
      for (const c of all) if (c.initialized && !excluded(c)) write(c, text);
      return;
    }
    const sent = new Set<C>();
    for (const room of push.rooms) {
      const members = this.byRoom.get(room);
      if (!members) continue;
      const text = frame(isPrivateRoom(room) ? 'user' : wsRoomChannel(room));
      for (const c of members) {
        if (sent.has(c) || excluded(c)) continue;
        sent.add(c);
        write(c, text);
      }
    }
  }
}

function write(connection: WsMember, text: string): void {
  if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
}
