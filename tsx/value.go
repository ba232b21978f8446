package tsx

// Kind is the type of a Value.
type Kind int

// The kinds of values.
const (
	Undefined Kind = iota
	Null
	Bool
	Number
	String
	Array
	// Object is a plain object: its prototype is Object.prototype or null,
	// or it is a ref or tf helper (which carry their kind in $$tfkit).
	Object
	Function
	// Other is anything else: symbols, bigints, instances of classes
	// (Date, Map, ...) and JSX elements. TypeName says which.
	Other
)

// Value is a JavaScript value as an Engine exposes it after the run: the
// rendered tree and the props in it are read through this interface, so
// that the converter does not depend on one engine. Methods that do not
// apply to a value's kind return zero values.
type Value interface {
	Kind() Kind
	Bool() bool
	Number() float64
	Str() string
	// Len and Index read arrays.
	Len() int
	Index(i int) Value
	// Keys lists an object's own enumerable string keys in order; Get
	// reads one (Undefined when absent).
	Keys() []string
	Get(key string) Value
	// StrAt and IntAt read a member that is a string or an integral
	// number, without making a Value of it (the converter's hot path).
	StrAt(key string) (string, bool)
	IntAt(key string) (int, bool)
	// TypeName names an Other value: "Date", "symbol", "JSX element", ...
	TypeName() string
	// Site resolves a position the host recorded (see Script): the file,
	// line and 1-based column, or ok false.
	Site() (file string, line, col int, ok bool)
}

// str returns a string value and whether it is one.
func str(v Value) (string, bool) {
	if v == nil || v.Kind() != String {
		return "", false
	}
	return v.Str(), true
}

// intOf returns an integral number value.
func intOf(v Value) (int, bool) {
	if v == nil || v.Kind() != Number {
		return 0, false
	}
	f := v.Number()
	if f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// present reports whether v holds something other than undefined.
func present(v Value) bool { return v != nil && v.Kind() != Undefined }
