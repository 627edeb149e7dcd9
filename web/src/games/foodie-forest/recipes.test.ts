// "choose 1 of the Recipe cards you still have (5 in the first deal)" and "put all the Recipe cards
// the players chose for this deal back in the box": a recipe chosen for this deal is not among
// the recipes the board says are left.
import { describe, expect, it } from "vitest";
import { recipesLeft } from "./recipes";

const LEFT = { ann: ["empty-pot", "bug", "fruit"], bob: ["empty-pot", "trash"] };

describe("the recipes left", () => {
  it("given ann chose the empty pot face down, when she reads her box, then it is not left", () => {
    expect(recipesLeft({ you: "ann", my_recipe: "empty-pot", recipes_left: LEFT }, "ann")).toEqual(["bug", "fruit"]);
  });
  it("given bob's choice is hidden, when ann reads his box, then all his recipes are listed", () => {
    expect(recipesLeft({ you: "ann", my_recipe: "empty-pot", recipes: { bob: null }, recipes_left: LEFT }, "bob"))
      .toEqual(["empty-pot", "trash"]);
  });
  it("given the recipes revealed, when the rules have not yet taken bob's off, then it is not left", () => {
    expect(recipesLeft({ you: "ann", recipes: { bob: "trash" }, recipes_left: LEFT }, "bob")).toEqual(["empty-pot"]);
  });
});
