export default { logLevel: 'warn', build: { target: 'es2022' } };
