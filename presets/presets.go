// Package presets holds the lab's preset files (embedded) and their strict loader.
//
// A preset is a YAML file with the same dotted names as --set (pool.workers,
// traffic.payment.rate, dependency.latency, ...). It is read onto
// lab.DefaultConfig, so a file only needs the keys it changes.
package presets

import (
	"embed"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"poollab/lab"
)

//go:embed *.yaml
var files embed.FS

// Info names one embedded preset.
type Info struct{ Name, Description string }

// List returns the embedded presets sorted by name, each with the description
// its file gives in `description:`.
func List() []Info { return slices.Clone(list()) }

var list = sync.OnceValue(func() []Info {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic("presets: reading embedded files: " + err.Error())
	}
	var infos []Info
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".yaml")
		if !ok || e.IsDir() {
			continue
		}
		data, err := files.ReadFile(e.Name())
		if err != nil {
			panic("presets: reading embedded " + e.Name() + ": " + err.Error())
		}
		var head struct {
			Description string `yaml:"description"`
		}
		_ = yaml.Unmarshal(data, &head) // a broken preset still lists; the tests load every one strictly
		infos = append(infos, Info{Name: name, Description: lab.Printable(head.Description)})
	}
	slices.SortFunc(infos, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return infos
})

// embedded returns the file of the embedded preset called name.
func embedded(name string) ([]byte, bool) {
	for _, p := range list() {
		if p.Name == name {
			data, err := files.ReadFile(name + ".yaml")
			return data, err == nil
		}
	}
	return nil, false
}

// names lists the embedded presets for error messages.
func names() string {
	var s []string
	for _, p := range list() {
		s = append(s, p.Name)
	}
	return strings.Join(s, ", ")
}
