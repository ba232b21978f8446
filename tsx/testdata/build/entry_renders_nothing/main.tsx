// The stack is still to be written.
export default () => <></>;
