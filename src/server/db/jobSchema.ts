/** The PostgreSQL schema pg-boss keeps its queues in, beside the panel's own tables (the job queue and the metrics both read it). */
export const JOB_SCHEMA = 'pgboss';
