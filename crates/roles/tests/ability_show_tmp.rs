#[test]
fn show() {
    let text = std::fs::read_to_string("/tmp/show.txt").unwrap();
    let mut d = Vec::new();
    let a = mafia_roles::ability::parse_ability_block(text.trim_end(), 0, &mut d);
    println!("{}", serde_json::to_string_pretty(&a).unwrap());
    println!("{d:#?}\n{}", a.to_text());
}
