export { default as Network, Pets } from "./network";
