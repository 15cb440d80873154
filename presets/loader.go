package presets

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"go.yaml.in/yaml/v3"

	"poollab/lab"
)

// ErrUnknownPreset marks a ref that is neither an embedded preset nor a file.
// The error Load returns for it also matches lab.ErrInvalid.
var ErrUnknownPreset = errors.New("unknown preset")

// loadError is one bad-input error, already worded for the user on one line.
// It matches lab.ErrInvalid and, if set, its cause (a *lab.FieldError, an fs error, ErrUnknownPreset).
type loadError struct {
	msg   string
	cause error
}

func (e *loadError) Error() string { return e.msg }

func (e *loadError) Unwrap() []error {
	if e.cause != nil {
		return []error{e.cause, lab.ErrInvalid}
	}
	return []error{lab.ErrInvalid}
}

// invalid words a bad-input error. Every value from the input is already quoted short
// (lab.Quote, lab.Clip) by the caller; Printable makes the whole message one line with nothing
// a terminal interprets, whatever a wrapped error (yaml's, the OS's) says.
func invalid(cause error, format string, args ...any) error {
	return &loadError{msg: lab.Printable(fmt.Sprintf(format, args...)), cause: cause}
}

// MaxFileSize bounds a preset file: a preset is a few hundred bytes of YAML.
const MaxFileSize = 1 << 20

// maxPathShown is how much of a long path an error message shows: its end, which names the file.
const maxPathShown = 160

// fileLabel is how errors name a preset file: printable, and a long path cut to its end.
func fileLabel(path string) string {
	if r := []rune(path); len(r) > maxPathShown {
		path = "…" + string(r[len(r)-maxPathShown+1:])
	}
	return lab.Printable(path)
}

// setLabel is how errors name a --set: as typed, with a long key or value cut short.
func setLabel(raw string) string {
	if key, value, ok := strings.Cut(raw, "="); ok {
		return "--set " + lab.Clip(key) + "=" + lab.Clip(value)
	}
	return "--set " + lab.Clip(raw)
}

// Load reads a preset onto lab.DefaultConfig, applies the --set overrides and validates the result.
//
// ref is an embedded preset name (see List) or a path to a YAML file. A ref is a file if it contains
// a path separator or ends in .yaml or .yml, or if no embedded preset has that name and the file exists.
// A file must be a regular file of at most MaxFileSize bytes.
// sets are "key=value" strings with dotted keys (pool.workers=30); they are decoded exactly like the file.
// Every bad-input error matches lab.ErrInvalid and is one line that says where the bad value came from;
// it repeats at most a short, escaped prefix of any bad input (lab.Quote, lab.Clip).
// The config's Name and Description are lab.Printable: no escape sequence in them reaches a terminal.
func Load(ref string, sets []string) (lab.Config, error) {
	src, err := open(ref)
	if err != nil {
		return lab.Config{}, err
	}
	return load(src, sets)
}

// load is Load once the preset's text is read.
func load(src source, sets []string) (lab.Config, error) {
	root, err := parse(src)
	if err != nil {
		return lab.Config{}, err
	}
	d := &decoder{label: src.label, sets: map[*yaml.Node]string{}, origins: map[string]origin{}}
	for _, s := range sets {
		if err := d.applySet(root, s); err != nil {
			return lab.Config{}, err
		}
	}
	cfg := lab.DefaultConfig()
	cfg.Name = src.name
	if err := d.mapping(root, reflect.ValueOf(&cfg).Elem(), ""); err != nil {
		return lab.Config{}, err
	}
	if cfg.Name == "" {
		cfg.Name = src.name
	}
	// Both are printed (the screen, its title, reports): no escape sequence may reach a terminal.
	cfg.Name, cfg.Description = lab.Printable(cfg.Name), lab.Printable(cfg.Description)
	if err := cfg.Validate(); err != nil {
		var fe *lab.FieldError
		if !errors.As(err, &fe) {
			return lab.Config{}, invalid(err, "%s: %s", src.label, err)
		}
		o, ok := d.origins[fe.Key]
		switch {
		case !ok:
			return lab.Config{}, invalid(fe, "%s: %s", src.label, fe)
		case o.set:
			return lab.Config{}, invalid(fe, "%s: %s", o.at, fe.Msg)
		default:
			return lab.Config{}, invalid(fe, "%s: %s", o.at, fe)
		}
	}
	return cfg, nil
}

// source is the text of one preset and how to name it.
type source struct {
	label string // what errors call it: the path, or NAME.yaml for an embedded preset
	name  string // the config's Name unless the file sets one
	data  []byte
}

func open(ref string) (source, error) {
	ext := strings.ToLower(filepath.Ext(ref))
	path := strings.ContainsRune(ref, '/') || strings.ContainsRune(ref, filepath.Separator) || ext == ".yaml" || ext == ".yml"
	if !path {
		if data, ok := embedded(ref); ok {
			return source{label: ref + ".yaml", name: ref, data: data}, nil
		}
		if fi, err := os.Stat(ref); ref == "" || err != nil || fi.IsDir() {
			return source{}, invalid(ErrUnknownPreset, "unknown preset %s: choose one of %s, or give a path to a .yaml file (see: poollab presets)", lab.Quote(ref), names())
		}
	}
	data, err := readFile(ref)
	var notFile *notRegularError
	switch {
	case errors.As(err, &notFile):
		return source{}, invalid(err, "preset file %s is %s, not a regular file: give a .yaml file of at most 1 MiB", fileLabel(ref), notFile.kind)
	case errors.Is(err, errTooLarge):
		return source{}, invalid(err, "preset file %s is larger than 1 MiB, the most a preset file may hold", fileLabel(ref))
	case err != nil:
		var pe *fs.PathError
		reason := err.Error()
		if errors.As(err, &pe) {
			reason = pe.Err.Error()
		}
		hint := ""
		base := strings.TrimSuffix(filepath.Base(ref), filepath.Ext(ref))
		if _, ok := embedded(base); ok && errors.Is(err, fs.ErrNotExist) {
			hint = fmt.Sprintf(" (to use the embedded preset, write just %s)", lab.Quote(base))
		} else if errors.Is(err, fs.ErrNotExist) {
			hint = " (give a preset name, see: poollab presets, or the path to a .yaml file)"
		}
		return source{}, invalid(err, "cannot read preset file %s: %s%s", fileLabel(ref), reason, hint)
	}
	base := filepath.Base(ref)
	return source{label: fileLabel(ref), name: strings.TrimSuffix(base, filepath.Ext(base)), data: data}, nil
}

var errTooLarge = errors.New("preset file too large")

// notRegularError is a preset path that names a directory, a device, a pipe or a socket.
type notRegularError struct{ kind string }

func (e *notRegularError) Error() string { return "preset file is " + e.kind }

// readFile reads a preset file of at most MaxFileSize bytes. It opens without blocking, so a
// named pipe with no writer is refused rather than waited on, refuses anything but a regular
// file (/dev/zero would never end), and reads at most one byte past the limit, as a file may
// grow after any check of its size.
func readFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if kind := fileKind(fi.Mode()); kind != "" {
		return nil, &notRegularError{kind: kind}
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, errTooLarge
	}
	return data, nil
}

// fileKind names what a non-regular file is; "" for a regular file.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// maxYAMLMessage bounds what a yaml syntax error adds to a message.
const maxYAMLMessage = 120

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parse returns the root mapping of the file's one document (an empty mapping for an empty file).
func parse(src source) (*yaml.Node, error) {
	syntax := func(err error) error {
		msg := clipQuoted(strings.ReplaceAll(err.Error(), "\n", " "))
		if r := []rune(msg); len(r) > maxYAMLMessage {
			msg = string(r[:maxYAMLMessage]) + "…"
		}
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			return invalid(err, "%s:%s: %s", src.label, m[1], m[2])
		}
		return invalid(err, "%s: %s", src.label, strings.TrimPrefix(msg, "yaml: "))
	}
	dec := yaml.NewDecoder(bytes.NewReader(src.data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}, nil
		}
		return nil, syntax(err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return nil, invalid(nil, "%s:%d: a preset file holds one YAML document; remove the second one (after ---)", src.label, next.Line)
	case !errors.Is(err, io.EOF):
		return nil, syntax(err)
	}
	root := &doc
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		root = doc.Content[0]
	}
	if isNull(root) {
		// Only comments: every key keeps its default.
		return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: root.Line}, nil
	}
	return root, nil
}

// clipQuoted cuts what a yaml message quotes of the input (an unknown anchor's 'name', a
// tagged `value`, a "key") to lab.MaxQuoted characters, as every other message does.
func clipQuoted(msg string) string {
	i := strings.IndexAny(msg, "'`\"")
	switch {
	case i < 0:
		return msg
	case msg[i] == '"':
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			return msg
		}
		v, _ := strconv.Unquote(q)
		return msg[:i] + lab.Quote(v) + msg[i+len(q):]
	}
	j := strings.LastIndexByte(msg, msg[i]) // a name may hold the quote itself: take the last
	if j == i {
		return msg
	}
	return msg[:i+1] + lab.Clip(msg[i+1:j]) + msg[j:]
}

// origin is where a leaf's value came from: "FILE:LINE" or "--set key=value".
type origin struct {
	at  string
	set bool
}

// decoder walks the yaml.Node tree against the lab.Config struct.
type decoder struct {
	label   string
	sets    map[*yaml.Node]string // nodes made by --set, with the --set text
	origins map[string]origin     // dotted leaf key → where its value came from
}

func (d *decoder) origin(n *yaml.Node) origin {
	if s, ok := d.sets[n]; ok {
		return origin{at: setLabel(s), set: true}
	}
	return origin{at: fmt.Sprintf("%s:%d", d.label, n.Line)}
}

// errAt reports msg at n. key is the dotted key the message is about; a --set error leaves
// it out because the --set text already names it.
func (d *decoder) errAt(n *yaml.Node, key string, format string, args ...any) error {
	o := d.origin(n)
	msg := fmt.Sprintf(format, args...)
	if key != "" && !o.set {
		msg = key + ": " + msg
	}
	return invalid(nil, "%s: %s", o.at, msg)
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// field is one yaml key of a struct.
type field struct {
	name  string
	index int
	typ   reflect.Type
}

func fieldsOf(t reflect.Type) []field {
	var fields []field
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(sf.Name)
		}
		fields = append(fields, field{name: name, index: i, typ: sf.Type})
	}
	return fields
}

func lookup(fields []field, name string) (field, bool) {
	for _, f := range fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

func keyNames(fields []field, prefix string) string {
	s := make([]string, len(fields))
	for i, f := range fields {
		s[i] = join(prefix, f.name)
	}
	return strings.Join(s, ", ")
}

// isGroup tells a struct read from a mapping from a leaf read from a scalar.
func isGroup(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && !reflect.PointerTo(t).Implements(textUnmarshaler)
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

func has(prefix string) string {
	if prefix == "" {
		return "the top level has"
	}
	return prefix + " has"
}

func deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	n = deref(n)
	return n.Kind == 0 || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	default:
		return lab.Quote(n.Value)
	}
}

// mapping decodes n into the struct v, whose dotted name is prefix.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, prefix string) error {
	n = deref(n)
	fields := fieldsOf(v.Type())
	if isNull(n) {
		return nil // "pool:" with nothing under it keeps every default
	}
	if n.Kind != yaml.MappingNode {
		if prefix == "" {
			return d.errAt(n, "", "a preset must be a mapping of keys (%s), got %s", keyNames(fields, ""), describe(n))
		}
		return d.errAt(n, prefix, "must be a mapping with keys %s, got %s", keyNames(fields, ""), describe(n))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := deref(n.Content[i]), n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return d.errAt(k, prefix, "keys must be plain names, got %s", describe(k))
		}
		key := join(prefix, k.Value)
		if k.Value == "<<" {
			return d.errAt(k, prefix, "merge keys (<<) are not supported; write the keys out")
		}
		if line, dup := seen[k.Value]; dup {
			return d.errAt(k, "", "duplicate key %s (first at line %d)", lab.Quote(key), line)
		}
		seen[k.Value] = k.Line
		f, ok := lookup(fields, k.Value)
		if !ok {
			return d.errAt(k, "", "unknown key %s (%s: %s)", lab.Quote(key), has(prefix), keyNames(fields, ""))
		}
		fv := v.Field(f.index)
		if isGroup(f.typ) {
			if err := d.mapping(val, fv, key); err != nil {
				return err
			}
			continue
		}
		if isList(f.typ) {
			if err := d.groups(val, fv, key); err != nil {
				return err
			}
			d.origins[key] = d.origin(val)
			continue
		}
		decode := d.leaf
		if f.typ.Kind() == reflect.Slice {
			decode = d.values
		}
		if err := decode(val, fv, key); err != nil {
			return err
		}
		d.origins[key] = d.origin(val)
	}
	return nil
}

// isList tells a list of groups (a traffic profile's steps) from a list of values
// (payment.retry.on) and from a leaf.
func isList(t reflect.Type) bool { return t.Kind() == reflect.Slice && isGroup(t.Elem()) }

// listExample shows how a list is written, for messages.
const listExample = "[{at: 0s, rate: 150}, {at: 5s, rate: 500}]"

// groups decodes the sequence n into the slice of structs v: each item is a mapping read like
// any other group, named key[i], and must give every key of its struct.
func (d *decoder) groups(n *yaml.Node, v reflect.Value, key string) error {
	at := n
	n = deref(n)
	fields := fieldsOf(v.Type().Elem())
	if isNull(n) {
		v.Set(reflect.Zero(v.Type())) // "profile:" with nothing under it: none
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		return d.errAt(at, key, "must be a list of mappings with keys %s, like %s, got %s", keyNames(fields, ""), listExample, describe(n))
	}
	out := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
	for i, item := range n.Content {
		ik := fmt.Sprintf("%s[%d]", key, i)
		if m := deref(item); m.Kind != yaml.MappingNode {
			return d.errAt(item, ik, "must be a mapping with keys %s, got %s", keyNames(fields, ""), describe(m))
		}
		if err := d.mapping(item, out.Index(i), ik); err != nil {
			return err
		}
		for _, f := range fields {
			if _, ok := d.origins[join(ik, f.name)]; !ok {
				return d.errAt(item, ik, "needs %s (each item gives %s)", f.name, keyNames(fields, ""))
			}
		}
	}
	v.Set(out)
	return nil
}

// leaf decodes the scalar n into v.
func (d *decoder) leaf(n *yaml.Node, v reflect.Value, key string) error {
	at := n
	n = deref(n)
	if n.Kind != yaml.ScalarNode {
		return d.errAt(at, key, "must be a single value, got %s", describe(n))
	}
	if u, ok := v.Addr().Interface().(encoding.TextUnmarshaler); ok {
		text := n.Value
		if isNull(n) {
			text = ""
		}
		if err := u.UnmarshalText([]byte(text)); err != nil {
			return d.errAt(at, key, "%s", err)
		}
		return nil
	}
	// A quoted number is still a number: resolve the text as if it were written plain.
	plain := *n
	plain.Tag, plain.Style = "", 0
	tag := plain.ShortTag()
	p := reflect.New(v.Type())
	switch v.Kind() {
	case reflect.String:
		if isNull(n) {
			v.SetString("")
		} else {
			v.SetString(n.Value)
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if tag != "!!int" {
			return d.errAt(at, key, "%s is not a whole number", lab.Quote(n.Value))
		}
		if err := plain.Decode(p.Interface()); err != nil {
			return d.errAt(at, key, "%s is out of range", lab.Quote(n.Value))
		}
	case reflect.Float32, reflect.Float64:
		if tag != "!!int" && tag != "!!float" {
			return d.errAt(at, key, "%s is not a number", lab.Quote(n.Value))
		}
		if err := plain.Decode(p.Interface()); err != nil {
			return d.errAt(at, key, "%s is out of range", lab.Quote(n.Value))
		}
		if f := p.Elem().Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return d.errAt(at, key, "%s is not a finite number", lab.Quote(n.Value))
		}
	case reflect.Bool:
		if tag != "!!bool" {
			return d.errAt(at, key, "%s is not true or false", lab.Quote(n.Value))
		}
		if err := plain.Decode(p.Interface()); err != nil {
			return d.errAt(at, key, "%s is not true or false", lab.Quote(n.Value))
		}
	default:
		if err := n.Decode(p.Interface()); err != nil {
			return d.errAt(at, key, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
	}
	v.Set(p.Elem())
	return nil
}

// values decodes a list of scalars into the slice v, each item as leaf decodes it (so a
// TextUnmarshaler element checks its own values, and an error names the item's line). One
// scalar is a list of comma-separated items, as --set writes it: on=timeout,5xx.
func (d *decoder) values(n *yaml.Node, v reflect.Value, key string) error {
	at := n
	n = deref(n)
	var items []*yaml.Node
	switch {
	case isNull(n):
	case n.Kind == yaml.SequenceNode:
		items = n.Content
	case n.Kind == yaml.ScalarNode:
		if strings.TrimSpace(n.Value) == "" {
			break
		}
		for _, part := range strings.Split(n.Value, ",") {
			item := *n
			item.Value = strings.TrimSpace(part)
			if s, ok := d.sets[at]; ok {
				d.sets[&item] = s
			}
			items = append(items, &item)
		}
	default:
		return d.errAt(at, key, "must be a list of values, like [a, b], got %s", describe(n))
	}
	out := reflect.MakeSlice(v.Type(), len(items), len(items))
	for i, item := range items {
		if err := d.leaf(item, out.Index(i), key); err != nil {
			return err
		}
	}
	v.Set(out)
	return nil
}

// applySet writes one --set key=value into the node tree, making the mappings on the way,
// so the value is then decoded and checked exactly like one written in the file.
func (d *decoder) applySet(root *yaml.Node, raw string) error {
	key, value, ok := strings.Cut(raw, "=")
	if !ok {
		return invalid(nil, "%s: expected key=value, like --set pool.workers=30", setLabel(raw))
	}
	key = strings.TrimSpace(key)
	if key == "" {
		return invalid(nil, "%s: the key before \"=\" is empty; write it like --set pool.workers=30", setLabel(raw))
	}
	parts := strings.Split(key, ".")
	// Check the key against the config first, so the message can list what exists.
	t, prefix := reflect.TypeFor[lab.Config](), ""
	for _, p := range parts {
		if p == "" {
			return invalid(nil, "%s: key %s has an empty part; write keys like pool.workers", setLabel(raw), lab.Quote(key))
		}
		if !isGroup(t) {
			return invalid(nil, "%s: unknown key %s (%s is a value with no keys under it)", setLabel(raw), lab.Quote(key), prefix)
		}
		fields := fieldsOf(t)
		f, ok := lookup(fields, p)
		if !ok {
			return invalid(nil, "%s: unknown key %s (%s: %s)", setLabel(raw), lab.Quote(join(prefix, p)), has(prefix), keyNames(fields, ""))
		}
		t, prefix = f.typ, join(prefix, p)
	}
	if isGroup(t) {
		return invalid(nil, "%s: %s is a group of keys, not a value; set one of %s", setLabel(raw), key, keyNames(fieldsOf(t), key))
	}
	val := &yaml.Node{Kind: yaml.ScalarNode, Value: value}
	if isList(t) {
		// A list is written as in the file, in YAML's one-line form.
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(value), &doc); err != nil || len(doc.Content) != 1 {
			return invalid(nil, "%s: write the list as in a preset file, like --set '%s=%s'", setLabel(raw), key, listExample)
		}
		val = doc.Content[0]
	}
	d.mark(val, raw)
	m, prefix := root, ""
	for i, p := range parts {
		prefix = join(prefix, p)
		idx := -1
		for j := 0; j+1 < len(m.Content); j += 2 {
			if k := deref(m.Content[j]); k.Kind == yaml.ScalarNode && k.Value == p {
				idx = j + 1
				break
			}
		}
		if i == len(parts)-1 {
			if idx < 0 {
				k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: p}
				d.sets[k] = raw
				m.Content = append(m.Content, k, val)
			} else {
				m.Content[idx] = val
			}
			return nil
		}
		if idx < 0 {
			k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: p}
			sub := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			d.sets[k], d.sets[sub] = raw, raw
			m.Content = append(m.Content, k, sub)
			m = sub
			continue
		}
		sub := m.Content[idx]
		switch {
		case sub.Kind == yaml.AliasNode:
			// Copy the anchored mapping so the --set changes only this place.
			sub = copyNode(deref(sub))
			m.Content[idx] = sub
		case isNull(sub):
			sub = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: sub.Line, Column: sub.Column}
			m.Content[idx] = sub
		}
		if sub.Kind != yaml.MappingNode {
			// The file has a value where the config has a group: report it as the file's error.
			t := reflect.TypeFor[lab.Config]()
			for _, p := range parts[:i+1] {
				f, _ := lookup(fieldsOf(t), p)
				t = f.typ
			}
			return d.errAt(sub, prefix, "must be a mapping with keys %s, got %s", keyNames(fieldsOf(t), ""), describe(sub))
		}
		m = sub
	}
	return nil
}

// mark says n and everything under it came from the --set raw.
func (d *decoder) mark(n *yaml.Node, raw string) {
	d.sets[n] = raw
	for _, sub := range n.Content {
		d.mark(sub, raw)
	}
}

func copyNode(n *yaml.Node) *yaml.Node {
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, sub := range n.Content {
		c.Content[i] = copyNode(sub)
	}
	return &c
}
