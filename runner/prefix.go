package runner

import (
	"bytes"
	"io"
	"sync"
)

// Output is a destination shared by several stacks running at once; lines
// written through its Prefixed writers never interleave mid-line.
type Output struct {
	mu sync.Mutex
	w  io.Writer
}

// NewOutput wraps w for sharing.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

// Println writes one whole line.
func (o *Output) Println(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	io.WriteString(o.w, s+"\n")
}

// Prefixed returns a writer that puts prefix before every line it passes on
// to o. Call Flush when done to pass on a last line without a newline.
func (o *Output) Prefixed(prefix string) *LineWriter {
	return &LineWriter{out: o, prefix: []byte(prefix)}
}

// LineWriter buffers a partial line until its newline arrives.
type LineWriter struct {
	out    *Output
	prefix []byte
	mu     sync.Mutex
	buf    []byte
}

func (l *LineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	i := bytes.LastIndexByte(l.buf, '\n')
	if i < 0 {
		return len(p), nil
	}
	l.emit(l.buf[:i+1])
	l.buf = append(l.buf[:0], l.buf[i+1:]...)
	return len(p), nil
}

// Flush passes on a partial last line, ended with a newline.
func (l *LineWriter) Flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		l.emit(append(l.buf, '\n'))
		l.buf = l.buf[:0]
	}
}

// emit writes whole lines, each prefixed, in one write under the lock.
func (l *LineWriter) emit(lines []byte) {
	var b bytes.Buffer
	for len(lines) > 0 {
		i := bytes.IndexByte(lines, '\n')
		line := lines[:i+1]
		lines = lines[i+1:]
		if len(bytes.TrimSpace(line)) == 0 {
			// no trailing blanks after the prefix on an empty line
			b.Write(bytes.TrimRight(l.prefix, " "))
			b.WriteByte('\n')
			continue
		}
		b.Write(l.prefix)
		b.Write(line)
	}
	l.out.mu.Lock()
	defer l.out.mu.Unlock()
	l.out.w.Write(b.Bytes())
}
