import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createStaffMember } from '../auth/accounts';
import { normalizeEmail } from '../auth/staff';
import { writeAudit } from '../audit';
import { readConfig } from '../config';
import { openDatabase } from '../db/client';
import { staffMembers } from '../db/schema/staff';
import { seedBase } from '../seed';

/**
 * `npm run create-admin -- --email admin@acme.test [--name "Jane Doe"]`
 *
 * Creates a staff member with the Administrator role on DATABASE_URL, or on the embedded
 * database in DATA_DIR (stop the server first: PGlite allows one process per data directory).
 * The password is typed twice without echo, or read from stdin when it is not a terminal
 * (`printf '%s\n' "$PW" | npm run create-admin -- --email …`). It is never taken from the command
 * line, where it would land in shell history and the process list.
 */
const MIN_PASSWORD_LENGTH = 8;

class CliError extends Error {}

function parseCli(argv: string[]): { email: string; name: string } {
  if (argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new CliError('Passwords are not accepted on the command line; type it when asked, or pipe it on stdin.');
  }
  let values: { email?: string; name?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (!values.email) throw new CliError('Usage: npm run create-admin -- --email <email> [--name <name>]');
  const email = normalizeEmail(values.email);
  if (!z.string().email().safeParse(email).success) throw new CliError(`Not a valid email address: ${values.email}`);
  const name = values.name?.trim() || email.split('@')[0];
  return { email, name };
}

/** Asks a question on the terminal without echoing the answer. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.on('SIGINT', () => {
      rl.close();
      process.stdout.write('\n');
      reject(new CliError('Cancelled.'));
    });
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // The first line only: `echo`/`printf` add a newline that is not part of the password.
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

async function readPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden('Password: ');
    const again = await askHidden('Repeat password: ');
    if (password !== again) throw new CliError('The passwords do not match.');
  } else {
    password = await readStdin();
  }
  if (password.length < MIN_PASSWORD_LENGTH) throw new CliError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  return password;
}

async function main(): Promise<void> {
  const { email, name } = parseCli(process.argv.slice(2));
  const password = await readPassword();
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // The Administrator role may not exist yet when this runs before the first server start.
    await seedBase(database.db);
    const id = await database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email));
      if (existing) throw new CliError(`A staff member with the email ${email} already exists.`);
      const newId = await createStaffMember(tx, { email, name, password, roles: ['Administrator'] });
      await writeAudit(
        tx,
        { staffId: null, ip: null, userAgent: 'cli:create-admin' },
        { event: 'created', auditableType: 'staff_member', auditableId: newId, newValues: { email, name, roles: ['Administrator'] } },
      );
      return newId;
    });
    console.log(`Created administrator ${email} (id ${id}).`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(1);
});
