package localmod

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/tfkit/tfkit/config"
	"github.com/tfkit/tfkit/diag"
	"github.com/tfkit/tfkit/tffile"
)

// ExternalDir is the directory, relative to a stack's directory, that
// holds the copies of local modules from outside the project directory.
const ExternalDir = "tfkit-modules"

// IsLocal reports whether a module source is a local path, as Terraform
// reads it: one that starts with ./ or ../ (or .\ and ..\).
func IsLocal(source string) bool {
	for _, p := range []string{"./", "../", ".\\", "..\\"} {
		if strings.HasPrefix(source, p) {
			return true
		}
	}
	return false
}

// Assets returns cfg with local module sources made to work from the
// stack's directory, and the files to copy there: slash-separated paths
// relative to the stack's directory → content.
//
// A local source names a directory relative to base, the project
// directory. A directory inside the project is copied to the same path
// inside the stack ("./modules/greet" to modules/greet/), so the source
// stays as written, and the local modules it calls in turn (found in its
// .tf files, relative to it) are copied the same way. A directory outside
// the project ("../shared/net") is copied to ExternalDir/<its name>, with
// "-" and 8 hex digits of a hash of its source path when two such
// directories share a name, and the source is rewritten to the copy. When
// it calls local modules itself (an example calling
// "../../modules/http-80", which calls "../../"), those it reaches are
// copied together, as they lie under their common ancestor, to
// ExternalDir/<the ancestor's name>, so that their calls keep working as
// written. A module copied from around the project leaves the project
// directory out. Names and paths depend only on the configuration and the
// files of the project and of the modules, never on where they are.
//
// The files and directories a copied module reads outside its own
// directory by a static path (see reads.go) are copied where that path
// leads from the copy: for a module inside the project, to the same path
// (templates/x.tpl for "${path.module}/../../templates/x.tpl" in
// modules/x); for one outside it, into its unit's copy, as they lie under
// the unit's common ancestor. Paths relative to the root module are the
// stack's own and go to the same path. What cannot be copied (outside the
// project for a module inside it, the project directory, a computed path
// beginning there) is a warning at the module's expression, with the call
// as related site. Paths in skip (the stack's configuration file) are
// never written.
//
// Not copied: .terraform and .git directories, state files and dependency
// lock files, which a module directory may hold from a test run but which
// are no part of the module.
//
// A local source that is not a directory with a .tf or .tf.json file in
// it, or the project directory itself, is an error at the source
// attribute's site (the Go or TSX line that set it). cfg is not modified;
// without local sources it is returned as it is.
func Assets(cfg *config.Config, base string, skip map[string][]byte) (*config.Config, map[string][]byte, diag.Diagnostics) {
	type use struct {
		block  int
		attr   *config.Attribute
		source string
		rel    string // cleaned, slash-separated, relative to base
	}
	var uses, early []use
	for i, b := range cfg.Blocks {
		if b.Type != "module" {
			continue
		}
		a := b.Body.Attribute("source")
		if a == nil {
			continue
		}
		src, ok := config.LiteralString(a.Expr)
		if !ok {
			if dir, ok := templateDir(a.Expr); ok {
				early = append(early, use{block: i, attr: a, source: dir, rel: path.Clean(strings.ReplaceAll(dir, "\\", "/"))})
			}
			continue
		}
		if !IsLocal(src) {
			continue
		}
		uses = append(uses, use{block: i, attr: a, source: src, rel: path.Clean(strings.ReplaceAll(src, "\\", "/"))})
	}
	if len(uses) == 0 && len(early) == 0 {
		return cfg, nil, nil
	}

	// Copies of directories outside the project, in units named after
	// them (see outsideUnits).
	var outsideRels []string
	for _, u := range uses {
		if outside(u.rel) {
			outsideRels = append(outsideRels, u.rel)
		}
	}
	units := outsideUnits(base, outsideRels)
	// Units of one key share its copy: their layouts under it agree.
	byName := map[string]map[string]bool{}
	for _, un := range units {
		n := copyName(un.key)
		if byName[n] == nil {
			byName[n] = map[string]bool{}
		}
		byName[n][un.key] = true
	}
	for _, un := range units {
		n := copyName(un.key)
		un.to = path.Join(ExternalDir, n)
		if len(byName[n]) > 1 {
			sum := sha256.Sum256([]byte(un.key))
			un.to = path.Join(ExternalDir, n+"-"+hex.EncodeToString(sum[:4]))
		}
	}
	external := map[string]string{} // rel → directory in the stack
	unitOf := map[string]*unit{}
	for _, un := range units {
		for _, d := range un.dirs {
			external[d] = path.Join(un.to, un.place[d])
			unitOf[d] = un
		}
	}

	project, err := filepath.Abs(base)
	if err != nil {
		project = filepath.Clean(base)
	}
	c := &copier{base: base, project: project, skip: skip, files: map[string][]byte{}, done: map[string]bool{}, warned: map[string]bool{}}
	out := &config.Config{Blocks: append([]*config.Block(nil), cfg.Blocks...)}
	for _, u := range uses {
		site := u.attr.Range
		if u.rel == "." {
			c.ds = append(c.ds, failure(site, "Module source is the project directory",
				fmt.Sprintf("The module source %q names the project directory itself, which holds the app and its output.", u.source)))
			continue
		}
		to, ok := external[u.rel]
		if !ok {
			c.copy(u.rel, u.source, site)
			continue
		}
		un := unitOf[u.rel]
		for _, d := range un.dirs {
			c.copyOutside(d, external[d], u.source, site, un)
		}
		orig := out.Blocks[u.block]
		nb := &config.Block{Type: orig.Type, Labels: orig.Labels, DeclRange: orig.DeclRange, Trivia: orig.Trivia,
			Body: &config.Body{Items: append([]config.Item(nil), orig.Body.Items...), Trailing: orig.Body.Trailing}}
		for i, it := range nb.Body.Items {
			if it == config.Item(u.attr) {
				na := *u.attr
				na.Expr = &config.Literal{Val: cty.StringVal("./" + to)}
				nb.Body.Items[i] = &na
			}
		}
		out.Blocks[u.block] = nb
	}
	for _, u := range early {
		c.copyEach(u.rel, u.source, u.attr.Range)
	}
	if c.ds.HasErrors() {
		return cfg, nil, c.ds
	}
	return out, c.files, c.ds
}

// templateDir returns the local directory a module source built from
// variables and locals (OpenTofu's early evaluation) begins with:
// "./modules/" for "./modules/${var.flavor}" or
// format("./modules/%s", var.flavor). Such a source may name any module
// in that directory, so every one is copied, to the same path. A source
// that is a local value or a variable alone tells nothing.
func templateDir(e config.Expr) (string, bool) {
	var head string
	switch e := e.(type) {
	case *config.Template:
		if len(e.Parts) == 0 {
			return "", false
		}
		s, ok := config.LiteralString(e.Parts[0])
		if !ok {
			return "", false
		}
		head = s
	case *config.Call:
		if e.Name != "format" || len(e.Args) < 2 {
			return "", false
		}
		s, ok := config.LiteralString(e.Args[0])
		if !ok || !strings.Contains(s, "%") {
			return "", false
		}
		head = s[:strings.Index(s, "%")]
	default:
		return "", false
	}
	if !IsLocal(head) {
		return "", false
	}
	i := strings.LastIndexAny(head, "/\\")
	return head[:i+1], true
}

// copyEach copies every module directory in the directory rel (relative
// to the project), the modules a source built from variables may name
// (dir is how the source begins, as written); problems are reported at
// site.
func (c *copier) copyEach(rel, dir string, site hcl.Range) {
	switch {
	case rel == ".":
		c.ds = append(c.ds, failure(site, "Module source is the project directory",
			fmt.Sprintf("The module source that begins with %q chooses among the directories of the project directory itself, which holds the app and its output; tfkit copies the modules such a source may name into the stack.", dir)))
		return
	case outside(rel):
		c.ds = append(c.ds, failure(site, "Unsupported module source outside the project",
			fmt.Sprintf("The module source that begins with %q chooses among directories outside the project directory; tfkit copies the modules such a source may name into the stack, at the same path, which it cannot do outside the project.", dir)))
		return
	}
	entries, err := os.ReadDir(filepath.Join(c.base, filepath.FromSlash(rel)))
	if err != nil {
		c.ds = append(c.ds, failure(site, "Local module directory not found",
			fmt.Sprintf("The module source that begins with %q chooses among the directories in %s (relative to the project directory), which cannot be read: %v.", dir, filepath.FromSlash(rel), err)))
		return
	}
	found := false
	for _, e := range entries {
		if !e.IsDir() || e.Name() == ".terraform" || e.Name() == ".git" {
			continue
		}
		sub := path.Join(rel, e.Name())
		names, err := os.ReadDir(filepath.Join(c.base, filepath.FromSlash(sub)))
		if err != nil {
			continue
		}
		for _, n := range names {
			if !n.IsDir() && (strings.HasSuffix(n.Name(), ".tf") || strings.HasSuffix(n.Name(), ".tf.json")) {
				found = true
				c.copy(sub, "./"+sub, site)
				break
			}
		}
	}
	if !found {
		c.ds = append(c.ds, failure(site, "No local modules to choose from",
			fmt.Sprintf("The module source that begins with %q chooses among the directories in %s (relative to the project directory), none of which holds a .tf or .tf.json file.", dir, filepath.FromSlash(rel))))
	}
}

// outside reports whether a cleaned relative path leaves its base.
func outside(rel string) bool { return rel == ".." || strings.HasPrefix(rel, "../") }

// copier collects the files of module directories.
type copier struct {
	base    string
	project string // base, absolute: never copied as part of a module around it
	skip    map[string][]byte
	files   map[string][]byte
	done    map[string]bool // directories copied, by path in the stack
	warned  map[string]bool // module directory and path read, warned about
	ds      diag.Diagnostics
}

func failure(site hcl.Range, summary, detail string) *diag.Diagnostic {
	return &diag.Diagnostic{
		Severity: diag.Error, Summary: summary, Detail: detail,
		Subject:    &site,
		Suggestion: "local module sources (starting with ./ or ../) are relative to the project directory, where tfkit synth runs the app; fix the path or create the module there",
	}
}

// copy reads the module directory rel, inside the project, into the stack
// at the same path, and the local modules it calls, which must be inside
// the project too. Problems are reported at site, the root module's call.
func (c *copier) copy(rel, source string, site hcl.Range) {
	calls, cfg, ok := c.read(rel, rel, source, site)
	if !ok {
		return
	}
	c.moduleReads(cfg, rel, source, site, nil)
	for _, call := range calls {
		inner := path.Clean(path.Join(rel, call))
		switch {
		case outside(inner):
			c.ds = append(c.ds, failure(site, "Unsupported nested local module",
				fmt.Sprintf("The module %q calls the local module %q, which lies outside the project directory; tfkit copies local modules into the stack and cannot keep that path.", source, call)))
		case inner == ".":
			c.ds = append(c.ds, failure(site, "Module source is the project directory",
				fmt.Sprintf("The module %q calls the local module %q, which is the project directory itself.", source, call)))
		default:
			c.copy(inner, "./"+inner, site)
		}
	}
}

// read copies the module directory rel (relative to the project) into the
// stack at to, once, and returns the local sources of its module calls
// and its configuration; false when it was copied already or cannot be
// (reported at site).
func (c *copier) read(rel, to, source string, site hcl.Range) ([]string, *config.Config, bool) {
	if c.done[to] {
		return nil, nil, false
	}
	c.done[to] = true
	calls, cfg, d := copyModule(c.files, filepath.Join(c.base, filepath.FromSlash(rel)), c.project, rel, to, source, site)
	if d != nil {
		c.ds = append(c.ds, d)
		return nil, nil, false
	}
	return calls, cfg, true
}

// unit is a set of module directories outside the project that are
// copied together: one that calls no local module, or all those that call
// one another, with the files and directories they read around them, with
// the layout they have under key, their common ancestor (relative to the
// project), so that their calls and paths keep working as written.
type unit struct {
	key   string
	dirs  []string          // the modules, relative to the project, sorted
	place map[string]string // each module's and each read path's place under key, slash-separated
	to    string            // the unit's directory in the stack
}

// outsideUnits groups the module directories outside the project that the
// root module calls (rels, relative to base) with the local modules they
// call in turn, transitively: an example calling "../../modules/http-80",
// which calls "../../", needs both, placed as they are. The files and
// directories a module reads from path.module outside its own directory
// ("${path.module}/../../templates/x.tpl") join its unit the same way,
// unless they name nothing or hold the project directory. Directories
// whose calls or reads meet are one unit, keyed by their deepest common
// ancestor; a directory that calls and reads nothing outside itself is a
// unit of its own, keyed by itself. Calls that cannot be followed (a
// directory that does not read, a call into the project) are left to the
// copy, which reports them.
func outsideUnits(base string, rels []string) []*unit {
	absBase, err := filepath.Abs(base)
	if err != nil {
		absBase = filepath.Clean(base)
	}
	abs := func(d string) string { return filepath.Join(absBase, filepath.FromSlash(d)) }
	parent := map[string]string{}
	find := func(d string) string {
		for parent[d] != d {
			d = parent[d]
		}
		return d
	}
	join := func(a, b string) {
		if _, seen := parent[b]; !seen {
			parent[b] = b
		}
		if ra, rb := find(a), find(b); ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	module := map[string]bool{}
	var queue []string
	for _, d := range rels {
		if !module[d] {
			module[d] = true
			parent[d] = d
			queue = append(queue, d)
		}
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		calls, cfg := dirModule(abs(d), d)
		for _, call := range calls {
			inner := path.Clean(path.Join(d, call))
			if !outside(inner) {
				continue
			}
			if !module[inner] {
				module[inner] = true
				queue = append(queue, inner)
			}
			join(d, inner)
		}
		for _, r := range reads(cfg, false) {
			p := path.Clean(path.Join(d, r.rel))
			if r.from != fromModule || within(p, d) || holdsProject(p) || !exists(base, p, r.open) {
				continue
			}
			join(d, p)
		}
	}
	groups := map[string][]string{}
	for d := range parent {
		groups[find(d)] = append(groups[find(d)], d)
	}
	out := make([]*unit, 0, len(groups))
	for _, members := range groups {
		sort.Strings(members)
		un := &unit{place: map[string]string{}}
		for _, d := range members {
			if module[d] {
				un.dirs = append(un.dirs, d)
			}
		}
		un.key = un.dirs[0]
		un.place[un.key] = "."
		if len(members) > 1 {
			top := abs(members[0])
			for _, d := range members[1:] {
				top = commonDir(top, abs(d))
			}
			if rel, err := filepath.Rel(absBase, top); err == nil {
				un.key = filepath.ToSlash(rel)
			}
			for _, d := range members {
				rel, err := filepath.Rel(top, abs(d))
				if err != nil {
					rel = d
				}
				un.place[d] = filepath.ToSlash(rel)
			}
		}
		out = append(out, un)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// holdsProject reports whether rel, a cleaned path relative to the project
// directory, is the project directory or one above it.
func holdsProject(rel string) bool {
	for _, el := range strings.Split(rel, "/") {
		if el != ".." && el != "." {
			return false
		}
	}
	return true
}

// commonDir is the deepest directory holding both absolute paths a and b.
func commonDir(a, b string) string {
	for {
		if rel, err := filepath.Rel(a, b); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return a
		}
		up := filepath.Dir(a)
		if up == a {
			return a
		}
		a = up
	}
}

// dirModule returns the local sources of the module calls in the
// configuration files of the module directory dir (rel relative to the
// project), and its configuration; nothing when it does not read (the
// copy reports that).
func dirModule(dir, rel string) ([]string, *config.Config) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, &config.Config{}
	}
	var calls []string
	var srcs []tffile.Source
	for _, e := range entries {
		if ok, _, _ := tffile.Kind(e.Name()); !ok || e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if data, err := os.ReadFile(p); err == nil {
			calls = append(calls, localCalls(data, p)...)
			srcs = append(srcs, tffile.Source{Name: filepath.Join(filepath.FromSlash(rel), e.Name()), Src: data})
		}
	}
	return calls, moduleConfig(srcs)
}

// copyOutside copies d, a directory of the unit un outside the project,
// into the stack at to. Its calls to other directories of the unit keep
// working in the copy; any other local call is an error at site.
func (c *copier) copyOutside(d, to, source string, site hcl.Range, un *unit) {
	if a, err := filepath.Abs(filepath.Join(c.base, filepath.FromSlash(d))); err == nil && a == c.project {
		if !c.done[to] {
			c.done[to] = true
			c.ds = append(c.ds, failure(site, "Module source is the project directory",
				fmt.Sprintf("The module %q leads, itself or through the local modules it calls, to %s (relative to the project directory), which is the project directory itself.", source, d)))
		}
		return
	}
	calls, cfg, ok := c.read(d, to, source, site)
	if !ok {
		return
	}
	c.moduleReads(cfg, d, source, site, un)
	for _, call := range calls {
		inner := path.Clean(path.Join(d, call))
		if _, ok := un.place[inner]; ok {
			continue
		}
		if inner == "." {
			c.ds = append(c.ds, failure(site, "Module source is the project directory",
				fmt.Sprintf("The module %q calls the local module %q, which is the project directory itself.", source, call)))
			continue
		}
		c.ds = append(c.ds, failure(site, "Unsupported nested local module",
			fmt.Sprintf("The module %q calls the local module %q, which lies inside the project directory; tfkit copies the modules outside the project into the stack and cannot keep that path.", source, call)))
	}
}

// moduleReads copies the files and directories that the module in dir
// (relative to the project; its configuration cfg) reads outside its own
// directory, so that they are where its paths lead from its copy: a path
// from path.module into the project to the same path in the stack, beside
// the module's copy at its own path; one into the surroundings of a module
// outside the project to its unit's copy (un, which outsideUnits placed it
// in); a path from the root module's directory as the stack's own. What
// cannot be copied (outside the project, the project directory itself, a
// computed path beginning there) is a warning at the expression, naming
// the module and the call at site.
func (c *copier) moduleReads(cfg *config.Config, dir, source string, site hcl.Range, un *unit) {
	for _, r := range sortReads(reads(cfg, true)) {
		p := r.rel
		if r.from == fromModule {
			p = path.Clean(path.Join(dir, r.rel))
			if within(p, dir) {
				continue // copied with the module
			}
			if un != nil {
				if place, ok := un.place[p]; ok {
					copyPath(c.files, c.base, p, path.Join(un.to, place), c.skip)
				} else if exists(c.base, p, r.open) {
					c.readWarning(dir, source, site, r, p, "which holds the project directory, and tfkit never copies the project directory (it holds the app and its output)")
				}
				continue
			}
		}
		switch take(c.files, c.base, p, p, r.open, c.skip) {
		case tookOutside:
			c.readWarning(dir, source, site, r, p, "which lies outside the project directory; tfkit copies what a module in the project reads to the same path in the stack, which it cannot do outside the project")
		case tookProject:
			// The root module's own directory is the stack's.
			if r.from == fromModule {
				c.readWarning(dir, source, site, r, p, "and tfkit never copies the project directory (it holds the app and its output)")
			}
		}
	}
}

// readWarning reports that the module in dir (called as source at site)
// reads p (relative to the project; as r says), which cannot be copied,
// why.
func (c *copier) readWarning(dir, source string, site hcl.Range, r read, p, why string) {
	key := dir + "\x00" + p
	if c.warned[key] {
		return
	}
	c.warned[key] = true
	var what string
	switch {
	case p == "." && r.open:
		what = "a path that the engine completes in the project directory, from a known part that names no directory of its own,"
	case p == ".":
		what = "the project directory itself,"
	case r.open:
		what = "a path that the engine completes in " + filepath.FromSlash(p) + " (relative to the project directory),"
	default:
		what = filepath.FromSlash(p) + " (relative to the project directory),"
	}
	d := &diag.Diagnostic{Severity: diag.Warning, Summary: "File read by a local module not copied",
		Detail: fmt.Sprintf("The module %q (in %s) reads %s %s. "+
			"The module's copy in the stack cannot read it, and the engine would fail there with \"no file exists\".", source, filepath.FromSlash(dir), what, why),
		Suggestion: "move what the module reads into the module's directory, or pass it to the module in an input variable (for a file outside the project, the path of an asset)",
		Subject:    &r.site}
	if site.Filename != "" {
		d.Related = []diag.Related{{Message: "the module is called here", Range: site}}
	}
	c.ds = append(c.ds, d)
}

// copyName is the name of a module directory's copy: its last element,
// reduced to characters that are safe in any file system.
func copyName(rel string) string {
	base := path.Base(rel)
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if s := strings.Trim(b.String(), "_"); s != "" {
		return s
	}
	return "module"
}

// copyModule reads the files of the module directory dir (rel in the
// project) into files under to and returns the local sources of the module
// calls in its .tf files; a directory that is missing, unreadable or
// without configuration is an error at site. The project directory, an
// absolute path, is left out when dir holds it (an example inside the
// module it calls as "../../"): it is the root module, with the app and
// its output, and no part of the module.
func copyModule(files map[string][]byte, dir, project, rel, to, source string, site hcl.Range) ([]string, *config.Config, *diag.Diagnostic) {
	// Messages name the directory relative to the project directory, as
	// every message of tfkit's does.
	abs := filepath.FromSlash(rel) + " (relative to the project directory)"
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, failure(site, "Local module not found", fmt.Sprintf("The module source %q names %s, which does not exist.", source, abs))
	case err != nil:
		return nil, nil, failure(site, "Unreadable local module", fmt.Sprintf("The module source %q names %s: %v.", source, abs, err))
	case !st.IsDir():
		return nil, nil, failure(site, "Local module is not a directory", fmt.Sprintf("The module source %q names %s, which is a file; a module is a directory of .tf files.", source, abs))
	}
	var paths []string
	err = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := e.Name()
		if e.IsDir() {
			if p != dir && (name == ".terraform" || name == ".git") {
				return filepath.SkipDir
			}
			if a, err := filepath.Abs(p); p != dir && err == nil && a == project {
				return filepath.SkipDir
			}
			return nil
		}
		if skipFile(name) || !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		if e.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
				return nil // a link to a directory or to nothing: not followed
			}
		}
		paths = append(paths, p)
		return nil
	})
	if err != nil {
		return nil, nil, failure(site, "Unreadable local module", fmt.Sprintf("The module source %q names %s, which cannot be read: %v.", source, abs, err))
	}
	if !hasConfiguration(dir, paths) {
		return nil, nil, failure(site, "Local module without configuration", fmt.Sprintf("The module source %q names %s, which holds no .tf or .tf.json file.", source, abs))
	}
	sort.Strings(paths)
	var calls []string
	var srcs []tffile.Source
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, failure(site, "Unreadable local module", fmt.Sprintf("The module source %q names %s, whose file %s cannot be read: %v.", source, abs, p, err))
		}
		r, _ := filepath.Rel(dir, p)
		files[path.Join(to, filepath.ToSlash(r))] = data
		if ok, _, _ := tffile.Kind(p); ok && filepath.Dir(p) == filepath.Clean(dir) {
			calls = append(calls, localCalls(data, p)...)
			srcs = append(srcs, tffile.Source{Name: filepath.Join(filepath.FromSlash(rel), r), Src: data})
		}
	}
	return calls, moduleConfig(srcs), nil
}

// localCalls returns the local sources of the module blocks in a
// configuration file, slash-separated; a file that does not read has
// none (Terraform reports it when it reads the module).
func localCalls(src []byte, name string) []string {
	cfg, diags := tffile.ReadHeaders(tffile.Source{Name: name, Src: src}, "module")
	if cfg == nil || diags.HasErrors() {
		return nil
	}
	var out []string
	for _, b := range cfg.BlocksOfType("module") {
		a := b.Body.Attribute("source")
		if a == nil {
			continue
		}
		if s, ok := config.LiteralString(a.Expr); ok && IsLocal(s) {
			out = append(out, strings.ReplaceAll(s, "\\", "/"))
		}
	}
	return out
}

// hasConfiguration reports whether a module directory's files include a
// Terraform configuration file directly in it (as Terraform reads a module).
func hasConfiguration(dir string, paths []string) bool {
	for _, p := range paths {
		n := filepath.Base(p)
		if filepath.Dir(p) == filepath.Clean(dir) && (strings.HasSuffix(n, ".tf") || strings.HasSuffix(n, ".tf.json")) {
			return true
		}
	}
	return false
}

// skipFile reports whether a file in a module directory is engine state
// rather than part of the module.
func skipFile(name string) bool {
	return name == ".terraform.lock.hcl" || name == ".terraform.tfstate.lock.info" ||
		strings.HasSuffix(name, ".tfstate") || strings.Contains(name, ".tfstate.")
}
