module.exports = { first: "a" };
