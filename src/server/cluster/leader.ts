import pg from 'pg';

/**
 * One leader per deployment for the work that must run once, not once per process (the simulator's
 * order worker): a PostgreSQL session advisory lock held on a dedicated connection. Every process
 * tries for it every `pollMs`; the holder runs `lead()`. When the leader's process dies its
 * connection drops, PostgreSQL releases the lock, and the next try of another process takes over.
 */
export const LEADER_LOCK_KEY = 7_310_452_101; // any fixed bigint; names this application's lock

export interface LeaderWork {
  stop(): Promise<void>;
}

export interface LeaderElection {
  isLeader(): boolean;
  /** Stops the leader's work, then releases the lock and closes the connection. */
  stop(): Promise<void>;
}

export interface LeaderOptions {
  pollMs?: number;
  onError?: (error: unknown) => void;
  onChange?: (leader: boolean) => void;
}

export function startLeaderElection(databaseUrl: string, lead: () => LeaderWork | Promise<LeaderWork>, options: LeaderOptions = {}): LeaderElection {
  const pollMs = options.pollMs ?? 2000;
  const onError = options.onError ?? ((error: unknown) => console.error('[cluster] leader election:', error instanceof Error ? error.message : error));
  let client: pg.Client | null = null;
  let work: LeaderWork | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt: Promise<void> | null = null;

  const stepDown = async () => {
    const current = work;
    work = null;
    if (current) {
      options.onChange?.(false);
      await current.stop().catch(onError);
    }
  };

  const tryLead = async () => {
    if (stopped || work) return;
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: databaseUrl });
        // Losing the connection loses the lock: stop leading at once, another process takes over.
        next.on('error', (error) => {
          onError(error);
          if (client === next) client = null;
          next.end().catch(() => {});
          void stepDown();
        });
        await next.connect();
        client = next;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [LEADER_LOCK_KEY]);
      if (rows[0]?.locked && !stopped) {
        work = await lead();
        options.onChange?.(true);
      }
    } catch (error) {
      onError(error);
    }
  };

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      attempt = tryLead().finally(() => {
        attempt = null;
        loop();
      });
    }, pollMs);
  };
  attempt = tryLead().finally(() => {
    attempt = null;
    loop();
  });

  return {
    isLeader: () => work !== null,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await stepDown();
      const c = client;
      client = null;
      if (c) {
        await c.query('SELECT pg_advisory_unlock_all()').catch(() => {});
        await c.end().catch(() => {});
      }
    },
  };
}
