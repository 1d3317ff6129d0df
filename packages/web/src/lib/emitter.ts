/** A tiny typed event emitter (no DOM needed, so it is usable from pure modules and tests). */
export type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(type: K, ...payload: Events[K] extends void ? [] : [Events[K]]): void;
}

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(type, ...payload) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as Listener<unknown>)(payload[0]);
        } catch (err) {
          console.error(err);
        }
      }
    },
  };
}
