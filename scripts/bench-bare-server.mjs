// The bench's baseline: a bare Fastify "hello" server on the port given, in a process of its
// own like the product. Its throughput on this machine, in this run, is what the API is divided by.
// Given a PostgreSQL URL too, it also answers /db with one `select 1` through a pool of 10: the
// ceiling of any route that makes one database round trip, with none of the portal's own work.
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// A recorded answer, replayed byte for byte: PUT /recorded { headers, body (base64) } once, then
// GET /recorded answers it with no work of its own. What sending that answer costs, apart from the
// work that made it (the bench records the product's dashboard).
let recorded = { headers: {}, body: Buffer.alloc(0) };
app.put('/recorded', async (request) => {
  recorded = { headers: request.body.headers, body: Buffer.from(request.body.body, 'base64') };
  return { bytes: recorded.body.length };
});
app.get('/recorded', async (_request, reply) => reply.headers(recorded.headers).send(recorded.body));
if (pool) app.get('/db', async () => ({ one: (await pool.query('select 1 as one')).rows[0].one }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void Promise.all([app.close(), pool?.end()]).then(() => process.exit(0)));
