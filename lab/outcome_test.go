package lab

import (
	"os"
	"strings"
	"testing"
)

// The README's report section states the vocabulary as lab writes it: word and meaning.
func TestReadmeStatesVocabulary(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := VocabularyTable(); !strings.Contains(string(readme), want) {
		t.Errorf("README.md lacks the vocabulary table as lab writes it:\n%s", want)
	}
}

// One word per outcome, and a column label of one token for each: a table's header reads
// as columns only if no label has a space.
func TestVocabularyOneWordEach(t *testing.T) {
	words, columns := map[string]bool{}, map[string]bool{}
	for _, term := range Vocabulary() {
		if term.Word == "" || term.Means == "" || term.Column == "" || strings.Contains(term.Column, " ") {
			t.Errorf("term %+v: want a word, a meaning and a one-token column label", term)
		}
		if words[term.Word] || columns[term.Column] {
			t.Errorf("term %+v: its word or its label is another's", term)
		}
		words[term.Word], columns[term.Column] = true, true
	}
	for _, r := range Reasons {
		if f := TurnedAway(r); f.Word() != "rejected:"+r.String() || f.Term().Means != r.Description() {
			t.Errorf("reason %s: term %+v, want rejected:%s and its reason's description", r, f.Term(), r)
		}
	}
}
