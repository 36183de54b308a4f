// The bench's baseline: a bare Fastify server on the port given, in a process of its own like the
// product. Given a PostgreSQL URL, it answers /db with one `select 1` through a pool of 10: the
// ceiling of any route that makes one database round trip, with none of the portal's own work,
// which the API's calls are divided by. / answers "hello" with no database (a reference).
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (pool) app.get('/db', async () => ({ one: (await pool.query('select 1 as one')).rows[0].one }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void Promise.all([app.close(), pool?.end()]).then(() => process.exit(0)));
