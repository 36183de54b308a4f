// The bench's baseline: a bare Fastify "hello" server on the port given, in a process of its
// own like the product. Its throughput on this machine, in this run, is what the API is divided by.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
