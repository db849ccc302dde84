-- The counters of @fastify/rate-limit, shared by every api process (plugins/rate-limit-store.ts);
-- they were in each process's memory, so N processes allowed N times the limit. Unlogged: no WAL
-- for a write on every limited request, and a counter lost in a crash only restarts its window.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
