// The demo seed's sizes in tests (the full demo is 5,000 users and 200,000 orders): each test
// database is ready in a second or two. Read by the seed steps; set before any of them runs, in the
// workers (setup.ts) and in the run's global set-up that prepares the seeded databases.
process.env.SEED_USERS ??= '400';
process.env.SEED_ORDERS ??= '2000';
