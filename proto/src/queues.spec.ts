import { JOBS, JOBS_OF_QUEUE, QUEUES } from './queues';

describe('the jobs of each queue', () => {
  it('name every job once, on one queue', () => {
    const listed = Object.values(JOBS_OF_QUEUE).flat();

    expect([...listed].sort()).toEqual(Object.values(JOBS).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('list every queue', () => {
    expect(Object.keys(JOBS_OF_QUEUE).sort()).toEqual(Object.values(QUEUES).sort());
  });
});
