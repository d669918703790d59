/**
 * The bench's load generator, in its own process so that its CPU is not counted as the server's
 * (it still shares the machine's cores, and the bench reports it separately).
 *
 * Reads one JSON line on stdin: { url, method, headers, body, connections, duration }.
 * Writes one JSON line on stdout: { result (autocannon's), cpuMs (this process, during the run) }.
 * Plain ESM JavaScript, so no TypeScript loader runs inside the load generator.
 */
import autocannon from 'autocannon';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const options = JSON.parse(input);

const before = process.cpuUsage();
const result = await autocannon(options);
const cpu = process.cpuUsage(before);
const { latency, requests } = result;
const summary = {
  '2xx': result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  latency: { average: latency.average, p50: latency.p50, p90: latency.p90, p99: latency.p99, max: latency.max },
  requests: { average: requests.average, total: requests.total },
};
process.stdout.write(JSON.stringify({ result: summary, cpuMs: (cpu.user + cpu.system) / 1000 }) + '\n');
