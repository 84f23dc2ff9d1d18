import { describe, expect, it } from 'vitest';
import { shareWork } from '../../src/scan/workers/share-work.js';

const tick = () => new Promise<void>((r) => setTimeout(r, 1));

describe('shareWork', () => {
  it('splits the jobs between this thread (from the back) and the pool (from the front), results in order', async () => {
    const jobs = Array.from({ length: 20 }, (_, i) => i);
    const where: string[] = [];
    const out = await shareWork(jobs, {
      here: async (j) => {
        where[j] = 'here';
        return j * 10;
      },
      there: async (j) => {
        await tick();
        where[j] = 'there';
        return j * 10;
      },
      inFlight: 2,
    });
    expect(out).toEqual(jobs.map((j) => j * 10));
    expect(where[0]).toBe('there');
    expect(where[19]).toBe('here');
    expect(where.filter((w) => w === 'here').length).toBeGreaterThan(0);
    expect(where.filter((w) => w === 'there').length).toBeGreaterThan(0);
  });

  it('never holds more than inFlight jobs in the pool', async () => {
    let flying = 0;
    let most = 0;
    await shareWork(Array.from({ length: 30 }, (_, i) => i), {
      here: async () => {
        await tick();
        return 0;
      },
      there: async () => {
        most = Math.max(most, ++flying);
        await tick();
        flying--;
        return 1;
      },
      inFlight: 3,
    });
    expect(most).toBeLessThanOrEqual(3);
  });

  it('runs the jobs that must stay here, and a failed pool job, on this thread', async () => {
    const out = await shareWork(['a', 'stay', 'fail', 'b'], {
      here: async (j) => `here:${j}`,
      there: async (j) => {
        if (j === 'fail' || j === 'stay') throw new Error('worker crashed');
        return `there:${j}`;
      },
      stay: (j) => j === 'stay',
      inFlight: 4,
    });
    expect(out[1]).toBe('here:stay');
    expect(out[2]).toBe('here:fail');
    expect(out[0]).toBe('there:a');
  });
});
