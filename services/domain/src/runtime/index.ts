export * from './decider';
export * from './aggregate-stream';
export * from './handle-command';
export * from './claim-unique';
export * from './system';
